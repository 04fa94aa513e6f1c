import Foundation
import ParraRuntime

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == ModuleScanner.childArgument {
    ModuleScanner.runChild(path: CommandLine.arguments[2])
}

let tool = CommandLineTool(
    root: CommandGroup(
        name: "parra", summary: "Inspect Parra feature modules and their configuration; write new ones.",
        children: [
            .group(
                CommandGroup(
                    name: "plugins", summary: "Find and inspect feature modules.",
                    children: [
                        .command(PluginsListCommand()), .command(PluginsInspectCommand()),
                        .command(PluginsResetCommand()),
                        .command(PluginsInstallCommand()), .command(PluginsRemoveCommand()),
                    ])),
            .group(
                CommandGroup(
                    name: "config", summary: "Inspect and check option values.",
                    children: [
                        .command(ConfigSchemaCommand()), .command(ConfigValidateCommand()),
                        .command(ConfigShowCommand()),
                    ])),
            .group(
                CommandGroup(
                    name: "push", summary: "Deliver push notifications to a running app.",
                    children: [.command(PushSendCommand())])),
            .group(
                CommandGroup(
                    name: "new", summary: "Start something new.",
                    children: [.command(NewModuleCommand()), .command(NewAppCommand())])),
            .command(DesktopEntryCommand()),
            .command(BundleCommand()),
        ]),
    console: Console())
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
