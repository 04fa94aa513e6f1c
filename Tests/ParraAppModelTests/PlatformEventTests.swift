import ParraAppModel
import Testing

@Suite("Platform events")
struct PlatformEventTests {
    @Test("an event reads as Swift prints the enum case, payloads as their debug text")
    func description() {
        let cases: [(PlatformEvent, String)] = [
            (.didEnterBackground, "didEnterBackground"),
            (.willEnterForeground, "willEnterForeground"),
            (.openURL("parra://x?a=\"b\""), #"openURL("parra://x?a=\"b\"")"#),
            (.parraOpensURL("https://parra.io"), #"parraOpensURL("https://parra.io")"#),
            (
                .notificationResponse(payloadJSON: #"{"a":1}"#, actionIdentifier: "open"),
                #"notificationResponse(payloadJSON: "{\"a\":1}", actionIdentifier: "open")"#
            ),
            (
                .didRegisterForRemoteNotifications(token: [1, 2, 255]),
                "didRegisterForRemoteNotifications(token: [1, 2, 255])"
            ),
            (
                .didFailToRegisterForRemoteNotifications(reason: "no bus\nat all"),
                #"didFailToRegisterForRemoteNotifications(reason: "no bus\nat all")"#
            ),
            (.notificationArrived(payloadJSON: "{}", id: 7), #"notificationArrived(payloadJSON: "{}", id: 7)"#),
            (.retryLaunch, "retryLaunch"),
            (.key("q"), #"key("q")"#),
            (.shortcut("compose"), #"shortcut("compose")"#),
            (.terminate, "terminate"),
        ]
        for (event, text) in cases {
            #expect("\(event)" == text)
        }
    }
}
