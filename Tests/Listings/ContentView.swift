import SwiftUI

/// The content view the listings name but do not show.
struct ContentView: View {
    var body: some View {
        Text("Hello")
    }
}
