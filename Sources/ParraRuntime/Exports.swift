// The shared facts (the log level, the JSON reader and value, the calendar), seen by every target
// that imports the runtime, as they were when the runtime held its own JSON value.
@_exported import ParraShared
