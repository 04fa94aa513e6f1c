import Foundation
import ParraTestSupport

/// Peak resident memory of a whole process, measured without the bench's own.
///
/// A child's `ru_maxrss` (wait4) starts from the memory of the process that spawned it:
/// exec records the old address space's peak, and `posix_spawn` runs the child in the
/// bench's address space until it execs, so every child would report at least the bench's
/// peak. So each process measured is started by a small C program (`peak_rss.c`, compiled at
/// run time like the bench module): it forks (its own memory is a few hundred KiB), the child
/// execs the program, and it writes the program's `ru_maxrss` (KiB) to a file when it ends,
/// then exits with the program's status. Its stdin, stdout and stderr pass through.
enum PeakMemory {
    /// The runner's C source: `peak_rss OUT_FILE PROGRAM [ARG...]`.
    static let source = #"""
        /* peak_rss.c: runs a program and writes its peak resident memory (KiB) to a file (generated). */
        #define _GNU_SOURCE
        #include <errno.h>
        #include <stdio.h>
        #include <sys/resource.h>
        #include <sys/wait.h>
        #include <unistd.h>

        int main(int argc, char **argv) {
            if (argc < 3) {
                fprintf(stderr, "usage: peak_rss OUT_FILE PROGRAM [ARG...]\n");
                return 64;
            }
            pid_t pid = fork();
            if (pid < 0) {
                perror("peak_rss: fork");
                return 71;
            }
            if (pid == 0) {
                execv(argv[2], argv + 2);
                perror("peak_rss: execv");
                _exit(127);
            }
            int status = 0;
            struct rusage usage;
            while (wait4(pid, &status, 0, &usage) < 0) {
                if (errno == EINTR) {
                    continue;
                }
                perror("peak_rss: wait4");
                return 71;
            }
            FILE *out = fopen(argv[1], "w");
            if (out == NULL || fprintf(out, "%ld\n", usage.ru_maxrss) < 0 || fclose(out) != 0) {
                perror("peak_rss: writing the result");
                return 71;
            }
            if (WIFSIGNALED(status)) {
                return 128 + WTERMSIG(status);
            }
            return WEXITSTATUS(status);
        }
        """#

    /// Writes the runner's source into `directory` and compiles it there.
    static func buildRunner(in directory: URL) throws -> URL {
        let sourceFile = directory.appendingPathComponent("peak_rss.c")
        try source.write(to: sourceFile, atomically: true, encoding: .utf8)
        return try CFixtureBuilder.build("peak_rss", in: directory, source: sourceFile, executable: true)
    }

    /// The peak in MiB that the runner wrote to `file`, which it then removes.
    static func read(_ file: URL) throws -> Double {
        defer { try? FileManager.default.removeItem(at: file) }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard let kibibytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), kibibytes > 0 else {
            throw BenchError("peak_rss wrote no peak memory to \(file.path) (it wrote '\(text)')")
        }
        return kibibytes / 1024
    }
}
