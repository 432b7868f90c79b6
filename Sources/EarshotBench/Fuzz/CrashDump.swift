import Foundation
import Synchronization

/// Keeps the input being read where a crash or a hang cannot lose it, without writing a file per run.
///
/// Each run copies its input into a buffer set aside at the start (``record(_:)``); a crash signal
/// (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) writes that buffer to `path` from its handler
/// (`pwrite`, which a handler may call), then hands the signal on to whatever handled it before (the
/// Swift runtime's backtrace). A watchdog thread writes it too when one run goes on past `hang`, and
/// ends the process with status 3.
final class CrashDump: Sendable {
    let path: String
    /// Runs started, and the time (ns, monotonic) the current one began; 0 between runs.
    private let started = Atomic<UInt64>(0)
    private let stopped = Atomic<Bool>(false)

    /// The largest input a run may have.
    static let capacity = 2 << 20

    init(path: String, hang: Duration, label: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: Data()) else { throw CocoaError(.fileWriteNoPermission) }
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        CrashDumpState.install(fd: fd)
        let limit = UInt64(hang.components.seconds) * 1_000_000_000 + UInt64(hang.components.attoseconds / 1_000_000_000)
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: 0.1)
                let began = started.load(ordering: .acquiring)
                if began != 0, Self.now() &- began > limit {
                    CrashDumpState.write()
                    FileHandle.standardError.write(Data("fuzz \(label): one run went on past \(hang); its input is in \(path)\n".utf8))
                    _exit(3)
                }
            }
        }
        thread.start()
    }

    /// The input of the run about to start.
    func record(_ input: [UInt8]) {
        CrashDumpState.set(input)
        started.store(Self.now() | 1, ordering: .releasing)
    }

    /// The run ended.
    func finished() {
        started.store(0, ordering: .releasing)
    }

    /// Stops the watchdog and puts the previous signal handlers back.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        CrashDumpState.uninstall()
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// The process-wide state a signal handler reads: raw memory only (no Swift arrays or classes, which
/// a handler must not touch).
enum CrashDumpState {
    nonisolated(unsafe) static var buffer = UnsafeMutableRawPointer.allocate(byteCount: CrashDump.capacity, alignment: 16)
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]
    nonisolated(unsafe) static var altStackThreads: Set<UInt> = []

    static func set(_ input: [UInt8]) {
        ensureAlternateStack()
        let count = min(input.count, CrashDump.capacity)
        if count > 0 { input.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: count) } }
        length = count
    }

    static func write() {
        guard fd >= 0 else { return }
        _ = pwrite(fd, buffer, length, 0)
        _ = ftruncate(fd, off_t(length))
    }

    static func install(fd: Int32) {
        if self.fd >= 0 { close(self.fd) }
        self.fd = fd
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler = .init(sa_handler: { signal in
                CrashDumpState.write()
                // Hand the signal on: the faulting instruction runs again (or abort raises again)
                // under the handler that was there before.
                _ = sigaction(signal, CrashDumpState.previous + Int(signal), nil)
                if signal == SIGABRT { _ = raise(signal) }
            })
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK)
            _ = sigaction(signal, &action, previous + Int(signal))
        }
    }

    static func uninstall() {
        for signal in signals { _ = sigaction(signal, previous + Int(signal), nil) }
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// A stack overflow can only be handled on a stack of its own; each thread that runs inputs gets one.
    static func ensureAlternateStack() {
        let thread = UInt(pthread_self())
        guard !altStackThreads.contains(thread) else { return }
        altStackThreads.insert(thread)
        var current = stack_t()
        _ = sigaltstack(nil, &current)
        guard current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 256 << 10
        var stack = stack_t(ss_sp: UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16), ss_flags: 0, ss_size: size)
        _ = sigaltstack(&stack, nil)
    }
}
