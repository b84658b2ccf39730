import GestureTuneCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The only place the tool exits: with the status the command computed, or 128 + signal after an
// interrupt has removed temporary output.
// First of all: a closed standard descriptor is reserved before anything (libdispatch's event
// descriptors included) can take its number.
StandardStreams.reserve()
// Thread stacks and malloc arenas sized for the work, not the machine's core count.
ThreadResources.limit()
Interrupts.install { status in exit(status) }
exit(GestureTuneCommand.main(Array(CommandLine.arguments.dropFirst())))
