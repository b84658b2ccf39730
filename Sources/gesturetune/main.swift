import GestureTuneCLI
#if canImport(Glibc)
import Glibc
#endif

exit(GestureTuneCommand.main(Array(CommandLine.arguments.dropFirst())))
