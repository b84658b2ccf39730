import Foundation

extension AtomicFile {
    /// One output written as it is produced, too large to hold: the same promise as `write`
    /// (a regular file is written to a temporary file beside it and renamed into place by
    /// `commit()`, so a failed or interrupted run leaves the previous file or none; a device
    /// or pipe is written through in place). Appends are buffered; a write error is kept and
    /// thrown by the next `write` or by `commit`. Never committed: the temporary is removed.
    public final class Stream {
        private let path: String
        private let target: String?
        private var descriptor: Int32
        private var temporary: String?
        private var buffer: [UInt8] = []
        private var failure: String?
        private var finished = false

        /// Bytes collected before a `write(2)`.
        static let bufferSize = 1 << 16

        /// Opens `path` for writing: a temporary beside it (missing parent folders are not
        /// created), or the device or pipe itself.
        public init(path: String) throws(OutputError) {
            self.path = path
            switch destination(path) {
            case .folder:
                throw OutputError(path: path, reason: "it is a folder")
            case .inPlace(let resolved):
                var fd = open(resolved, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
                if fd < 0, errno == ENXIO, let number = AtomicFile.descriptor(resolved) {
                    fd = dup(number)
                }
                guard fd >= 0 else {
                    throw OutputError(path: path, reason: String(cString: strerror(errno)))
                }
                descriptor = fd
                target = nil
            case .replace(let resolved):
                switch TemporaryOutputs.createFile(besides: resolved) {
                case .failure(let error): throw OutputError(path: path, reason: error.reason)
                case .success(let created):
                    descriptor = created.descriptor
                    temporary = created.path
                    target = resolved
                }
            }
            buffer.reserveCapacity(Self.bufferSize)
        }

        deinit { if !finished { discard() } }

        /// Appends `text`; writes once the buffer is full.
        public func write(_ text: String) throws(OutputError) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= Self.bufferSize { try flush() }
        }

        /// Appends `bytes` (a compressed stream's); writes once the buffer is full.
        public func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.bufferSize { try flush() }
        }

        private func flush() throws(OutputError) {
            if failure == nil, !buffer.isEmpty {
                failure = AtomicFile.writeAllBytes(descriptor, &buffer)
            }
            buffer.removeAll(keepingCapacity: true)
            if let failure { throw OutputError(path: path, reason: failure) }
        }

        /// Writes what is buffered, gives the file the replaced file's mode (else 0644) and
        /// renames it into place.
        public func commit() throws(OutputError) {
            finished = true
            do {
                try flush()
            } catch {
                discard()
                throw error
            }
            guard let temporary, let target else {
                if close(descriptor) != 0 {
                    throw OutputError(path: path, reason: String(cString: strerror(errno)))
                }
                return
            }
            var old = stat()
            let mode = stat(target, &old) == 0 ? old.st_mode & 0o7777 : 0o644
            var reason: String?
            if fchmod(descriptor, mode) != 0 { reason = String(cString: strerror(errno)) }
            if close(descriptor) != 0, reason == nil { reason = String(cString: strerror(errno)) }
            if let reason {
                unlink(temporary)
                TemporaryOutputs.unregister(temporary)
                throw OutputError(path: path, reason: reason)
            }
            if let error = TemporaryOutputs.commit([(temporary, target)]) { throw error }
        }

        /// Closes and removes the temporary (a device or pipe keeps what was written).
        private func discard() {
            finished = true
            close(descriptor)
            if let temporary {
                unlink(temporary)
                TemporaryOutputs.unregister(temporary)
            }
        }
    }
}
