import CParraPlugin
import ParraShared

/// A parsed JSON document laid out for C (`PARRA_EXT_JSON`): one block of nodes, each
/// array's items and object's members side by side, and one block of NUL-terminated text. A
/// `parra_json_value *` is a node's address; the document owns them all until it is freed.
final class JSONDocument {
    /// One value: its kind and scalar, its key when it is an object's member, and where its
    /// children are.
    struct Node {
        var kind = PARRA_JSON_ABSENT
        var boolean = false
        var number = 0.0
        var text = parra_string(data: nil, length: 0)
        var key = parra_string(data: nil, length: 0)
        var children: UnsafeMutablePointer<Node>?
        var count = 0
    }

    /// The nodes; the first is the root.
    let nodes: UnsafeMutableBufferPointer<Node>
    /// The strings and keys, each followed by a NUL.
    private let text: UnsafeMutableRawBufferPointer

    /// `root` laid out: children breadth-first, so each node's children are contiguous, and an
    /// object's members in the byte order of their keys.
    init(_ root: JSONValue) {
        var nodeCount = 0
        var byteCount = 0
        Self.measure(root, key: nil, nodes: &nodeCount, bytes: &byteCount)
        nodes = .allocate(capacity: nodeCount)
        text = .allocate(byteCount: max(byteCount, 1), alignment: 1)
        var nextNode = 1
        var nextByte = 0
        func store(_ string: String) -> parra_string {
            let start = text.baseAddress! + nextByte
            let length = string.utf8.count
            UnsafeMutableRawBufferPointer(start: start, count: length).copyBytes(from: string.utf8)
            start.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
            nextByte += length + 1
            return parra_string(data: start.assumingMemoryBound(to: CChar.self), length: length)
        }
        var queue: [(value: JSONValue, key: String?)] = [(root, nil)]
        var head = 0
        while head < queue.count {
            let (value, key) = queue[head]
            var node = Node()
            if let key { node.key = store(key) }
            switch value {
            case .null:
                // Never: a document is read by the answer rules, which leave `null` out.
                node.kind = PARRA_JSON_ABSENT
            case .bool(let flag):
                node.kind = PARRA_JSON_BOOL
                node.boolean = flag
            case .integer, .double:
                node.kind = PARRA_JSON_NUMBER
                node.number = value.number!
            case .string(let string):
                node.kind = PARRA_JSON_STRING
                node.text = store(string)
            case .array(let items):
                node.kind = PARRA_JSON_ARRAY
                node.children = nodes.baseAddress! + nextNode
                node.count = items.count
                nextNode += items.count
                queue.append(contentsOf: items.map { ($0, nil) })
            case .object(let members):
                node.kind = PARRA_JSON_OBJECT
                node.children = nodes.baseAddress! + nextNode
                node.count = members.count
                nextNode += members.count
                queue.append(contentsOf: BytewiseOrder.sorted(Array(members.keys)).map { (members[$0]!, $0) })
            }
            (nodes.baseAddress! + head).initialize(to: node)
            head += 1
        }
    }

    deinit {
        nodes.deinitialize()
        nodes.deallocate()
        text.deallocate()
    }

    /// Counts the nodes and text bytes `value` needs, with its key.
    private static func measure(_ value: JSONValue, key: String?, nodes: inout Int, bytes: inout Int) {
        nodes += 1
        if let key { bytes += key.utf8.count + 1 }
        switch value {
        case .string(let string): bytes += string.utf8.count + 1
        case .array(let items): for item in items { measure(item, key: nil, nodes: &nodes, bytes: &bytes) }
        case .object(let members): for (key, item) in members { measure(item, key: key, nodes: &nodes, bytes: &bytes) }
        case .null, .bool, .integer, .double: break
        }
    }

    /// The node at `path` below `node` ("aps.alert.title", "items.0"; "" is `node`), or nil.
    static func node(at path: UnsafePointer<CChar>, below node: UnsafePointer<Node>) -> UnsafePointer<Node>? {
        var current = node
        var step = path
        guard step.pointee != 0 else { return current }
        while true {
            var end = step
            while end.pointee != 0 && end.pointee != 0x2E { end += 1 }  // "."
            let length = end - step
            guard let found = child(of: current, named: step, length: length) else { return nil }
            current = found
            guard end.pointee != 0 else { return current }
            step = end + 1
        }
    }

    /// The child of `node` that the path step of `length` bytes at `step` names: a member's key,
    /// or an array item's decimal index.
    private static func child(of node: UnsafePointer<Node>, named step: UnsafePointer<CChar>, length: Int)
        -> UnsafePointer<Node>?
    {
        guard let children = node.pointee.children else { return nil }
        switch node.pointee.kind {
        case PARRA_JSON_OBJECT:
            for index in 0..<node.pointee.count {
                let key = children[index].key
                if key.length == length, length == 0 || memcmp(key.data, step, length) == 0 {
                    return UnsafePointer(children + index)
                }
            }
            return nil
        case PARRA_JSON_ARRAY:
            guard (1...19).contains(length) else { return nil }
            var index = 0
            for offset in 0..<length {
                let digit = Int(step[offset]) - 0x30
                guard (0...9).contains(digit), offset == 0 || index > 0 || length == 1 else { return nil }
                index = index * 10 + digit
            }
            return index < node.pointee.count ? UnsafePointer(children + index) : nil
        default:
            return nil
        }
    }
}
