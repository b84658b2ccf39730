import Foundation
import GestureIO
import GestureTuning
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Address space the process reserves for its threads, made to fit the input rather than
/// the machine. By default every thread reserves a stack of the `ulimit -s` size (8 MiB) and
/// glibc gives threads up to eight malloc arenas per core, each reserving 64 MiB: on a machine
/// of many cores a 20-gesture run reserved over a GiB, and under `ulimit -v` libdispatch then
/// waits for a thread it cannot create. Our worker code needs neither. Under a finite
/// `ulimit -v` the workers are fewer still (`workers`).
public enum ThreadResources {
    /// Stack of every thread created from now on (the main thread keeps its own).
    public static let stackSize = 2 << 20
    /// Malloc arenas at most (threads beyond share them); 1 under a finite `ulimit -v`.
    public static let arenas: Int32 = 4
    /// Blocks of this size or more are mapped on their own (`M_MMAP_THRESHOLD`).
    public static let mappedBlock: Int32 = 256 << 10
    /// Room a heap grows by beyond a request, and keeps when trimmed (`M_TOP_PAD`); none under
    /// a finite `ulimit -v`.
    public static let heapPad: Int32 = 16 << 20

    /// Workers that fit the address space (the cores when it is unlimited): one per
    /// `perWorker` beyond `base` (the libraries, the main heap and arena), at least 1.
    public static var workers: Int { workerCount.load(ordering: .relaxed) }
    private static let workerCount = Atomic<Int>(ProcessInfo.processInfo.activeProcessorCount)
    static let base = 192 << 20
    static let perWorker = 16 << 20

    /// Call first, before any thread is started. Failures leave the defaults. The two glibc
    /// calls are not in the Swift module map (they need `malloc.h` and `_GNU_SOURCE`), so
    /// they are looked up by name.
    public static func limit() {
        #if canImport(Glibc)
            var space = rlimit()
            var arenas = Self.arenas
            var pad = heapPad
            if getrlimit(Int32(RLIMIT_AS.rawValue), &space) == 0, space.rlim_cur != rlim_t.max {
                let fit = (Int(clamping: space.rlim_cur) - base) / perWorker
                workerCount.store(max(1, min(fit, workers)), ordering: .relaxed)
                Parallel.limitWorkers(workers)
                // Each arena beyond the first reserves 64 MiB: a limited space shares one.
                arenas = 1
                pad = 0
            }
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            typealias DefaultAttributes =
                @convention(c) (UnsafeMutablePointer<pthread_attr_t>) -> Int32
            if let f = dlsym(nil, "mallopt") {
                // M_ARENA_MAX.
                _ = unsafeBitCast(f, to: Mallopt.self)(-8, arenas)
                // M_MMAP_THRESHOLD, fixed: blocks of `mappedBlock` or more (cell tables, a
                // partial's text) are mapped and given back when freed. Left to itself glibc
                // raises the threshold each time such a block is freed, after which they come
                // from the heap and stay in the process once freed: merging eight 1.25M-gesture
                // partials peaked 15% higher, for no gain in speed.
                _ = unsafeBitCast(f, to: Mallopt.self)(-3, mappedBlock)
                // M_TOP_PAD. By default a heap grows by what is asked and gives back what it
                // can once it is freed, so a run of 2,000 gestures faulted in the same pages
                // again and again: 7,600 page faults, 4,300 with this pad, 7% less CPU and a
                // 3-5 ms shorter run (bench/README, issue 48). At 100k gestures the peak grows
                // by 2-4 MB.
                if pad > 0 { _ = unsafeBitCast(f, to: Mallopt.self)(-2, pad) }
            }
            guard let get = dlsym(nil, "pthread_getattr_default_np"),
                let set = dlsym(nil, "pthread_setattr_default_np")
            else { return }
            var attributes = pthread_attr_t()
            guard unsafeBitCast(get, to: DefaultAttributes.self)(&attributes) == 0 else { return }
            defer { pthread_attr_destroy(&attributes) }
            var size = 0
            if pthread_attr_getstacksize(&attributes, &size) == 0, size > stackSize,
                pthread_attr_setstacksize(&attributes, stackSize) == 0
            {
                _ = unsafeBitCast(set, to: DefaultAttributes.self)(&attributes)
            }
        #endif
    }
}
