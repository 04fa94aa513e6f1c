// parra-bench's launch baseline (launch.empty_process_ms): a Swift program that only exits.
