import CParraLoggerSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The console writer's lanes: formatted lines of the threads that use each, waiting to join
/// the writer's block. A lane has its own lock and memory, on cache lines of its own
/// (`parra_logger_lane`), and threads take lanes in turn (`ThreadScratch.lane`), so threads
/// logging at once each fill their own lane and meet only when a lane is full. The table owns
/// the lanes and their memory.
final class WriterLanes {
    /// How many lanes a writer has (a power of two).
    static let count = 16
    /// A lane's lines join the block once they reach this many bytes.
    static let limit = 4 * 1024

    private let lanes: UnsafeMutablePointer<parra_logger_lane>

    /// Empty lanes, each with room for a full batch.
    init() {
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<parra_logger_lane>.stride * Self.count, alignment: 128)
        memory.initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<parra_logger_lane>.stride * Self.count)
        lanes = memory.bindMemory(to: parra_logger_lane.self, capacity: Self.count)
        for index in 0..<Self.count {
            let capacity = Self.limit + 1024
            lanes[index].bytes = .allocate(capacity: capacity)
            lanes[index].capacity = Int64(capacity)
        }
    }

    deinit {
        for index in 0..<Self.count { lanes[index].bytes.deallocate() }
        lanes.deinitialize(count: Self.count)
        UnsafeMutableRawPointer(lanes).deallocate()
    }

    /// Lane `index` (below `count`).
    @inline(__always)
    subscript(index: Int) -> UnsafeMutablePointer<parra_logger_lane> { lanes + index }

    /// The lane the calling thread fills.
    static var currentIndex: Int { ThreadScratch.withCurrent { $0.lane } }

    /// Under the lane's lock: adds `length` bytes to the end of its lines, to be filled by the
    /// caller at once, and returns where they start.
    @inline(__always)
    static func claim(_ length: Int, in lane: UnsafeMutablePointer<parra_logger_lane>) -> UnsafeMutablePointer<UInt8> {
        let count = Int(lane.pointee.count)
        if count + length > Int(lane.pointee.capacity) { grow(lane, toHold: count + length) }
        lane.pointee.count = Int64(count + length)
        return lane.pointee.bytes + count
    }

    /// Under the lane's lock: gives it room for `needed` bytes, keeping its lines.
    private static func grow(_ lane: UnsafeMutablePointer<parra_logger_lane>, toHold needed: Int) {
        var capacity = Int(lane.pointee.capacity) * 2
        while capacity < needed { capacity *= 2 }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bytes.update(from: lane.pointee.bytes, count: Int(lane.pointee.count))
        lane.pointee.bytes.deallocate()
        lane.pointee.bytes = bytes
        lane.pointee.capacity = Int64(capacity)
    }
}
