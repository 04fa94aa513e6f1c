// A stand-in for Apple's SwiftUI on Linux, so code written for the Parra SDK that starts with
// `import SwiftUI` compiles unchanged: it re-exports Parra's app model (App, Scene,
// WindowGroup, View, Text, the stacks, @Environment, @UIApplicationDelegateAdaptor and the
// UIKit-shaped delegate types). It is not SwiftUI: no layout, no state-driven re-rendering, no
// controls beyond what the terminal platform draws.
@_exported import ParraAppModel
