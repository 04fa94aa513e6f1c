import CParraPlugin
import Testing

/// Freezes the ABI 1.0 layout: a change here breaks every module built before it, so it must
/// come with a new major version (or, for fields appended at the end, a new minor).
@Suite("C ABI 1.0 layout")
struct ABILayoutTests {
    @Test("versions and the entry symbol")
    func constants() {
        #expect(PARRA_ABI_VERSION_MAJOR == 1)
        #expect(PARRA_ABI_VERSION_MINOR == 0)
        #expect(PARRA_MODULE_ENTRY_SYMBOL == "parra_module_entry")
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
            #expect(MemoryLayout<D>.size == 136)
        }

        @Test("the host table's 64-bit layout")
        func hostLayout() {
            typealias H = parra_host
            #expect(MemoryLayout<H>.offset(of: \.host_data) == 8)
            #expect(MemoryLayout<H>.offset(of: \.log) == 16)
            #expect(MemoryLayout<H>.offset(of: \.emit) == 96)
            #expect(MemoryLayout<H>.offset(of: \.monotonic_nanoseconds) == 112)
            #expect(MemoryLayout<H>.size == 120)
        }

        @Test("declaration and value layouts")
        func declarationLayouts() {
            #expect(MemoryLayout<parra_option_decl>.size == 56)
            #expect(MemoryLayout<parra_hook_decl>.size == 40)
            #expect(MemoryLayout<parra_extension_point_decl>.size == 40)
            #expect(MemoryLayout<parra_value>.size == 48)
            #expect(MemoryLayout<parra_error>.size == 4 + Int(PARRA_ERROR_MESSAGE_CAPACITY))
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
