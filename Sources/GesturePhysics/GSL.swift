internal import CGSL

/// The GSL boundary shared by the fitting and root-finding wrappers of this module.
enum GSL {
    /// Turns GSL's aborting default error handler off, once per process
    /// (`gsl_set_error_handler_off`, as the GSL manual recommends for production code); every
    /// status is then checked by the caller.
    private static let initialised: Bool = {
        _ = gsl_set_error_handler_off()
        return true
    }()

    /// Calls `gsl_set_error_handler_off` the first time; thread-safe (a `static let`).
    static func ensureInitialised() {
        _ = initialised
    }

    /// Maps a GSL status to `PhysicsError.gsl`, with the message of `gsl_strerror`.
    static func check(_ status: Int32, _ function: String) throws(PhysicsError) {
        guard status != Int32(GSL_SUCCESS) else { return }
        throw .gsl(function: function, status: status, reason: String(cString: gsl_strerror(status)))
    }
}
