print("parra")
