// swift-format-ignore-file
// A view in the SDK templates' way of reading Parra's environment values and asking for an
// update (their settings footer, account, notification and latest-release cells), with the
// views the terminal draws.

import Parra
import SwiftUI

struct ContentView: View {
    @Environment(\.parra) private var parra
    @Environment(\.parraAppInfo) private var parraAppInfo
    @Environment(\.parraAuthState) private var parraAuthState
    @Environment(\.parraConfiguration) private var parraConfiguration
    @Environment(\.parraTheme) private var parraTheme
    @Environment(\.parraPreferredAppearance) private var parraPreferredAppearance

    var body: some View {
        let version =
            "Version \(Parra.appBundleVersionShort() ?? "?") (\(Parra.appBundleVersion() ?? "?"))"

        VStack {
            Text(version)
            Text("Push settings: \(parraAuthState.hasUser && parraConfiguration.pushNotificationOptions.enabled ? "shown" : "hidden")")
            Text("Branding: \(parraAppInfo.tenant.hideBranding ? "hidden" : "shown")")
            Text("Release: \(parraAppInfo.newInstalledVersionInfo?.release.version ?? "none")")
            Text("Primary: \(parraTheme.palette.primary.shade500.hex), dark palette: \(parraTheme.supportsMultipleColorPalettes)")
            Text("Appearance: \(parraPreferredAppearance.wrappedValue.rawValue)")
            if parra.releases.updateAvailable() {
                Text("Update Available")
            }
        }
    }
}
