import Parra

struct ContentView: View {
    var body: some View {
        VStack {
            Text("Hello from Parra for Linux")
            HStack {
                Text("Modules:")
                Text("see the load report above")
            }
        }
    }
}
