import Glibc

/// pidfd_open(2), looked up at run time (glibc 2.36 has it; Swift's Glibc module does not
/// import <sys/pidfd.h>). A pidfd polls readable when its process ends, so a parent can sleep
/// until a child exits, or until a deadline, in one `poll`.
package enum PidFD {
    private typealias Open = @convention(c) (pid_t, UInt32) -> Int32
    private static let function: Open? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: Open.self)
    }()

    /// A pidfd of the child `pid`, which the caller closes; -1 when the C library or the kernel
    /// (before Linux 5.3) has none.
    package static func open(_ pid: pid_t) -> Int32 {
        function?(pid, 0) ?? -1
    }
}
