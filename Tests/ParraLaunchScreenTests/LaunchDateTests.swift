import Foundation
import Testing

@testable import ParraLaunchScreen

@Suite("LaunchController.date")
struct LaunchDateTests {
    @Test("writes a time as ISO8601DateFormatter does, rounding to the millisecond first")
    func agreesWithFoundation() {
        for seconds in [0, 0.9994, 0.9995, -0.0005, -0.0006, -1.5, 1_708_807_671.530, 1_708_807_671.9995, 1e10] {
            #expect(
                LaunchController.date(seconds)
                    == ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds)), "\(seconds)")
        }
    }
}
