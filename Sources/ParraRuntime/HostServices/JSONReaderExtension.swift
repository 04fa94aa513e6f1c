import CParraPlugin

/// PARRA_EXT_JSON: the host's JSON reader for modules, over `JSONDocument`. It needs no host:
/// every host hands out the same table.
package enum JSONReaderExtension {
    /// The extension, for the process.
    /// Made once, when first read; the host and modules only read it after.
    nonisolated(unsafe) package static let table: UnsafeMutablePointer<parra_json_extension> = {
        let pointer = UnsafeMutablePointer<parra_json_extension>.allocate(capacity: 1)
        pointer.initialize(
            to: parra_json_extension(
                struct_size: UInt32(MemoryLayout<parra_json_extension>.size), parse: parseJSON,
                free_document: freeJSON, root: jsonRoot, get: jsonGet, kind: jsonKind, get_bool: jsonBool,
                get_number: jsonNumber, get_string: jsonString, count: jsonCount, child: jsonChild,
                member_key: jsonMemberKey))
        return pointer
    }()

    /// The node behind a `parra_json_value *`.
    private static func node(_ value: OpaquePointer?) -> UnsafePointer<JSONDocument.Node>? {
        value.map { UnsafePointer<JSONDocument.Node>($0) }
    }

    private static let parseJSON:
        @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<parra_error>?) -> OpaquePointer? = {
            text, length, error in
            guard let text else {
                _ = HostServiceTable.fail(error, PARRA_STATUS_INVALID_ARGUMENT, "no text to parse")
                return nil
            }
            let bytes = UnsafeRawBufferPointer(start: text, count: length)
            guard let string = String(validating: bytes, as: UTF8.self) else {
                _ = HostServiceTable.fail(error, PARRA_STATUS_INVALID_ARGUMENT, "the text is not UTF-8")
                return nil
            }
            do throws(JSONError) {
                let document = JSONDocument(try JSONValue(answerJSON: string))
                return OpaquePointer(Unmanaged.passRetained(document).toOpaque())
            } catch let refusal {
                _ = HostServiceTable.fail(error, PARRA_STATUS_INVALID_ARGUMENT, refusal.description)
                return nil
            }
        }

    private static let freeJSON: @convention(c) (OpaquePointer?) -> Void = { document in
        guard let document else { return }
        Unmanaged<JSONDocument>.fromOpaque(UnsafeRawPointer(document)).release()
    }

    private static let jsonRoot: @convention(c) (OpaquePointer?) -> OpaquePointer? = { document in
        guard let document else { return nil }
        let nodes = Unmanaged<JSONDocument>.fromOpaque(UnsafeRawPointer(document)).takeUnretainedValue().nodes
        return OpaquePointer(nodes.baseAddress)
    }

    private static let jsonGet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer? = {
        value, path in
        guard let node = node(value), let path else { return nil }
        return JSONDocument.node(at: path, below: node).map(OpaquePointer.init)
    }

    private static let jsonKind: @convention(c) (OpaquePointer?) -> parra_json_kind = { value in
        node(value)?.pointee.kind ?? PARRA_JSON_ABSENT
    }

    private static let jsonBool: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Bool>?) -> Bool = {
        value, out in
        guard let node = node(value), node.pointee.kind == PARRA_JSON_BOOL, let out else { return false }
        out.pointee = node.pointee.boolean
        return true
    }

    private static let jsonNumber: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?) -> Bool = {
        value, out in
        guard let node = node(value), node.pointee.kind == PARRA_JSON_NUMBER, let out else { return false }
        out.pointee = node.pointee.number
        return true
    }

    private static let jsonString: @convention(c) (OpaquePointer?, UnsafeMutablePointer<parra_string>?) -> Bool = {
        value, out in
        guard let node = node(value), node.pointee.kind == PARRA_JSON_STRING, let out else { return false }
        out.pointee = node.pointee.text
        return true
    }

    private static let jsonCount: @convention(c) (OpaquePointer?) -> Int = { value in
        node(value)?.pointee.count ?? 0
    }

    private static let jsonChild: @convention(c) (OpaquePointer?, Int) -> OpaquePointer? = { value, index in
        guard let node = node(value), let children = node.pointee.children, (0..<node.pointee.count).contains(index)
        else { return nil }
        return OpaquePointer(children + index)
    }

    private static let jsonMemberKey:
        @convention(c) (OpaquePointer?, Int, UnsafeMutablePointer<parra_string>?) -> Bool = { value, index, out in
            guard let node = node(value), node.pointee.kind == PARRA_JSON_OBJECT, let children = node.pointee.children,
                (0..<node.pointee.count).contains(index), let out
            else { return false }
            out.pointee = children[index].key
            return true
        }
}
