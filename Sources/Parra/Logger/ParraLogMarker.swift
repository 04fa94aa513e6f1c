import FoundationEssentials
import ParraRuntime

/// What every log call returns: when it was made and at which level, to measure from later
/// with ``ParraLogger/measureTime(since:message:format:_:_:_:_:)-method``.
public struct ParraLogMarker: Sendable {
    /// The level of the call that made the marker.
    public let initialLevel: ParraLogLevel
    /// When the call was made, whether or not it logged.
    public let timestamp: Date
    /// The call's message; nil when the call did not log (below the minimum level, or its
    /// logger disabled), since its message was then never made.
    public let message: String?

    /// A marker for a call that was made at `timestamp`.
    @usableFromInline
    init(level: ParraLogLevel, timestamp: Date, message: String?) {
        self.initialLevel = level
        self.timestamp = timestamp
        self.message = message
    }

    /// The marker of a call that did not log: its time, and no message.
    ///
    /// A call below the minimum level must cost a compare, yet its marker must carry the
    /// time, so that `measureTime` from it measures. ``clockNow()`` is declared free of side
    /// effects, so the optimizer drops the clock read wherever the marker is discarded (the
    /// usual `logger.debug(...)`), and keeps it wherever the marker is used.
    @inlinable
    static func unlogged(_ level: ParraLogLevel) -> ParraLogMarker {
        ParraLogMarker(level: level, timestamp: Date(timeIntervalSince1970: clockNow()), message: nil)
    }

    /// Seconds since the Unix epoch, from the clock log records are stamped with (a marker and
    /// its call's record read it separately, nanoseconds apart). Out of line and marked
    /// read-only on purpose: see ``unlogged(_:)``. Its only effects are reading the clock and,
    /// for the processor-counter clock, refreshing that clock's own calibration, which nothing
    /// here reads directly; so the one freedom this gives the optimizer, dropping a read whose
    /// result nobody uses, changes nothing an app can observe.
    @usableFromInline @_effects(readonly)
    static func clockNow() -> Double { LogRouter.wallClockSeconds() }
}

/// The result of ``ParraLogger/measureTime(since:message:format:_:_:_:_:)-method``.
public struct ParraLogMarkerMeasurement: Sendable {
    /// Seconds since the start marker.
    public let timeInterval: TimeInterval
    /// A marker for now, to measure the next step from.
    public let nextMarker: ParraLogMarker
}

/// How a measured duration is written.
public enum ParraLogMeasurementFormat: Sendable {
    /// Seconds only: `70.25 seconds`.
    case seconds
    /// Hours, minutes and seconds, largest first: `1 minute, 10.25 seconds`.
    case pretty
    /// Your own text for the number of seconds.
    case custom(@Sendable (TimeInterval) -> String)

    /// `interval` written in this format.
    public func text(_ interval: TimeInterval) -> String {
        switch self {
        case .seconds: return Self.unit(interval, "second")
        case .pretty:
            var rest = interval
            var parts: [String] = []
            let hours = (rest / 3600).rounded(.down)
            if hours >= 1 {
                parts.append(Self.unit(hours, "hour"))
                rest -= hours * 3600
            }
            let minutes = (rest / 60).rounded(.down)
            if minutes >= 1 {
                parts.append(Self.unit(minutes, "minute"))
                rest -= minutes * 60
            }
            if rest > 0 || parts.isEmpty { parts.append(Self.unit(rest, "second")) }
            return String(joining: parts, separator: ", ")
        case .custom(let body): return body(interval)
        }
    }

    /// `value` to the millisecond (to the microsecond below a second), trailing zeros dropped.
    private static func unit(_ value: Double, _ name: String) -> String {
        let places = abs(value) < 1 ? 6 : 3
        let scale = places == 6 ? 1_000_000.0 : 1000
        let rounded = (value * scale).rounded() / scale
        return "\(decimal(rounded, places: places, scale: scale)) \(name)\(rounded == 1 ? "" : "s")"
    }

    /// `value` with at most `places` decimals (`scale` is 10 to that power), trailing zeros
    /// dropped, written out: no regular expression (which would load ICU's regex engine, about
    /// 1.3 ms and 2.4 MiB, into an app for one log line) and no `String(format:)` (whose first
    /// use searches every library's conformances), but for a value too large for the integer
    /// arithmetic.
    private static func decimal(_ value: Double, places: Int, scale: Double) -> String {
        let scaled = (abs(value) * scale).rounded()
        guard scaled.isFinite, scaled < 9e15 else {
            var text = String(cFormat: "%.\(places)f", value)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text
        }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        var fraction = String(units % Int64(scale))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && units != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
