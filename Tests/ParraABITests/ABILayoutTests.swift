import CParraPlugin
import Testing

/// Freezes the ABI 1.9 layout (1.6 added no type to 1.5): a change here breaks every module built before it, so it must
/// come with a new major version (or, for fields appended at the end, a new minor). The 1.0
/// to 1.2 prefixes are checked too: older modules must still read and be read correctly.
@Suite("C ABI 1.9 layout")
struct ABILayoutTests {
    @Test("versions and the entry symbol")
    func constants() {
        #expect(PARRA_ABI_VERSION_MAJOR == 1)
        #expect(PARRA_ABI_VERSION_MINOR == 9)
        #expect(PARRA_MODULE_ENTRY_SYMBOL == "parra_module_entry")
        #expect(PARRA_MODULE_TRAITS_SYMBOL == "parra_module_get_traits")
    }

    @Test("every crossing struct starts with its size")
    func structSizeFirst() {
        #expect(MemoryLayout<parra_module_descriptor>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_host>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_option_decl>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_hook_decl>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_extension_point_decl>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_value>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_error>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_api_request>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_presentation>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_log_record>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_command_decl>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_command_completion>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_module_traits>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_launch_extension>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_app_events_extension>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_json_extension>.offset(of: \.struct_size) == 0)
        #expect(MemoryLayout<parra_log_sink_extension>.offset(of: \.struct_size) == 0)
    }

    #if arch(x86_64) || arch(arm64)
        @Test("the descriptor's 64-bit layout")
        func descriptorLayout() {
            typealias D = parra_module_descriptor
            #expect(MemoryLayout<D>.offset(of: \.abi_major) == 4)
            #expect(MemoryLayout<D>.offset(of: \.abi_minor) == 6)
            #expect(MemoryLayout<D>.offset(of: \.id) == 8)
            #expect(MemoryLayout<D>.offset(of: \.license) == 40)
            #expect(MemoryLayout<D>.offset(of: \.options) == 48)
            #expect(MemoryLayout<D>.offset(of: \.extension_point_count) == 88)
            #expect(MemoryLayout<D>.offset(of: \.`init`) == 96)
            #expect(MemoryLayout<D>.offset(of: \.shutdown) == 128)
            #expect(MemoryLayout<D>.offset(of: \.log_sink) == 136)
            #expect(MemoryLayout<D>.offset(of: \.log_flush) == 144)
            #expect(MemoryLayout<D>.offset(of: \.commands) == 152)
            #expect(MemoryLayout<D>.offset(of: \.command_count) == 160)
            #expect(MemoryLayout<D>.size == 168)
        }

        @Test("the host table's 64-bit layout")
        func hostLayout() {
            typealias H = parra_host
            #expect(MemoryLayout<H>.offset(of: \.host_data) == 8)
            #expect(MemoryLayout<H>.offset(of: \.log) == 16)
            #expect(MemoryLayout<H>.offset(of: \.emit) == 96)
            #expect(MemoryLayout<H>.offset(of: \.monotonic_nanoseconds) == 112)
            #expect(MemoryLayout<H>.offset(of: \.set_log_threshold) == 120)
            #expect(MemoryLayout<H>.offset(of: \.storage_directory) == 128)
            #expect(MemoryLayout<H>.offset(of: \.app_environment) == 136)
            #expect(MemoryLayout<H>.offset(of: \.app_facts_json) == 144)
            #expect(MemoryLayout<H>.offset(of: \.run_launch_step) == 152)
            #expect(MemoryLayout<H>.offset(of: \.set_launch_state) == 160)
            #expect(MemoryLayout<H>.offset(of: \.get_extension) == 168)
            #expect(MemoryLayout<H>.offset(of: \.call_command) == 176)
            #expect(MemoryLayout<H>.size == 184)
        }

        @Test("the log record's 64-bit layout")
        func logRecordLayout() {
            typealias R = parra_log_record
            #expect(MemoryLayout<R>.offset(of: \.level) == 4)
            #expect(MemoryLayout<R>.offset(of: \.timestamp) == 8)
            #expect(MemoryLayout<R>.offset(of: \.message) == 16)
            #expect(MemoryLayout<R>.offset(of: \.extra_json) == 32)
            #expect(MemoryLayout<R>.offset(of: \.file_id) == 48)
            #expect(MemoryLayout<R>.offset(of: \.function) == 64)
            #expect(MemoryLayout<R>.offset(of: \.line) == 80)
            #expect(MemoryLayout<R>.offset(of: \.column) == 84)
            #expect(MemoryLayout<R>.offset(of: \.category) == 88)
            #expect(MemoryLayout<R>.offset(of: \.thread_name) == 104)
            #expect(MemoryLayout<R>.offset(of: \.call_stack) == 120)
            #expect(MemoryLayout<R>.size == 136)
        }

        @Test("declaration and value layouts")
        func declarationLayouts() {
            // 1.0 to 1.2: up to allowed_values; 1.3 appends schema_json.
            #expect(MemoryLayout<parra_option_decl>.offset(of: \.allowed_values) == 48)
            #expect(MemoryLayout<parra_option_decl>.offset(of: \.schema_json) == 56)
            #expect(MemoryLayout<parra_option_decl>.size == 64)
            #expect(MemoryLayout<parra_hook_decl>.size == 40)
            #expect(MemoryLayout<parra_extension_point_decl>.size == 40)
            #expect(MemoryLayout<parra_value>.size == 48)
            #expect(MemoryLayout<parra_error>.size == 4 + Int(PARRA_ERROR_MESSAGE_CAPACITY))
            #expect(MemoryLayout<parra_command_decl>.size == 48)
            #expect(MemoryLayout<parra_command_decl>.offset(of: \.thread) == 32)
            #expect(MemoryLayout<parra_command_decl>.offset(of: \.completes_later) == 36)
            #expect(MemoryLayout<parra_command_decl>.offset(of: \.function) == 40)
            #expect(MemoryLayout<parra_command_completion>.size == 32)
            #expect(MemoryLayout<parra_launch_extension>.size == 24)
            // 1.4: struct_size and six functions.
            #expect(MemoryLayout<parra_app_events_extension>.size == 56)
            #expect(MemoryLayout<parra_app_events_extension>.offset(of: \.observe_auth_state) == 48)
            // 1.5: struct_size and eleven functions.
            #expect(MemoryLayout<parra_json_extension>.size == 96)
            #expect(MemoryLayout<parra_json_extension>.offset(of: \.member_key) == 88)
            #expect(PARRA_JSON_ABSENT.rawValue == 0 && PARRA_JSON_OBJECT.rawValue == 5)
            // 1.7: struct_size and two functions.
            #expect(MemoryLayout<parra_remote_notifications_extension>.size == 24)
            #expect(MemoryLayout<parra_remote_notifications_extension>.offset(of: \.set_launch_notification) == 16)
            // 1.9: struct_size and one function.
            #expect(MemoryLayout<parra_log_sink_extension>.size == 16)
            #expect(MemoryLayout<parra_log_sink_extension>.offset(of: \.set_reads_timestamps) == 8)
        }
    #endif

    @Test("parra_error_set copies, truncates to the capacity and terminates")
    func errorSet() {
        var error = parra_error()
        error.struct_size = UInt32(MemoryLayout<parra_error>.size)
        parra_error_set(&error, "short")
        #expect(message(of: &error) == "short")
        let long = String(repeating: "x", count: 2000)
        parra_error_set(&error, long)
        #expect(message(of: &error).count == Int(PARRA_ERROR_MESSAGE_CAPACITY) - 1)
        parra_error_set(nil, "ignored")
    }

    private func message(of error: inout parra_error) -> String {
        withUnsafeBytes(of: &error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
