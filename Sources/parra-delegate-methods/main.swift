import Foundation

// parra-delegate-methods OUTPUT.swift SOURCE.swift...
//
// Run by the ParraDelegateMethods build plugin: scans the target's Swift sources for classes
// that extend ParraAppDelegate or ParraSceneDelegate and implement lifecycle methods the base
// class does not declare, and writes OUTPUT.swift, which hands those methods to the host.

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: parra-delegate-methods OUTPUT.swift SOURCE.swift...\n".utf8))
    exit(2)
}
var scan = DelegateScan()
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("\(path): error: cannot read this source file as UTF-8\n".utf8))
        exit(1)
    }
    scan.scan(source, file: path)
}
for note in scan.notes {
    FileHandle.standardError.write(Data("\(note.file):\(note.line): warning: \(note.message)\n".utf8))
}
let text = ExtensionWriter.source(for: scan.result(), main: scan.mainType)
// Rewritten only when it changed, so the target is not rebuilt for nothing.
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output))
    } catch {
        FileHandle.standardError.write(Data("\(output): error: cannot write: \(error)\n".utf8))
        exit(1)
    }
}
