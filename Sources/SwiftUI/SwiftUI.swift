// A stand-in for Apple's SwiftUI on Linux, so code written for the Parra SDK that starts with
// `import SwiftUI` compiles unchanged: it re-exports Parra's app model (App, Scene,
// WindowGroup, View, Text, the stacks, @Environment, @UIApplicationDelegateAdaptor and the
// UIKit-shaped delegate types), and Foundation and Observation, as Apple's SwiftUI does. It is
// not SwiftUI: no layout, no state-driven re-rendering, no controls beyond what the terminal
// platform draws. An app that imports it loads corelibs Foundation; one that imports only
// `Parra` does not.
@_exported import Foundation
@_exported import Observation
@_exported import ParraAppModel
@_exported import ParraNotificationNames
