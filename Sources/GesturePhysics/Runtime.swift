// The decision vocabulary (direction, estimators, rules, gate, completion) is the runtime's:
// everything that imports the physics decides through the same code an app runs.
@_exported import GestureTuneRuntime
