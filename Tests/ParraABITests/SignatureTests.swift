import Testing

@testable import Parra
@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

@Suite("Signature strings and combine rules")
struct SignatureTests {
    @Test("every canonical point's signature parses and takes the module data first")
    func canonicalSignatures() {
        #expect(OverridePoint.canonical.count == 18)
        #expect(Set(OverridePoint.canonical.map(\.id)).count == 18)
        for point in OverridePoint.canonical {
            #expect(point.signature.argumentTypes.first == .ptr)
            #expect(point.combine.fits(point.signature.returnType), "\(point.id)")
            #expect(OverridePoint.isCanonicalNamespace(point.id))
        }
    }

    @Test("parsing ignores white space, any Unicode kind of it, and prints the canonical form")
    func parsing() throws {
        let signature = try HookSignature(parsing: " bool ( ptr, str ,u64 ) ")
        #expect(signature.description == "bool(ptr,str,u64)")
        #expect(signature == (try HookSignature(parsing: "bool(ptr,str,u64)")))
        #expect(try HookSignature(parsing: "\tbool(\nptr,\r\nstr,\u{0B}u64\u{0C})") == signature)
        #expect(try HookSignature(parsing: "bool(ptr,\u{A0}str,\u{2003}u64\u{3000})") == signature)
        #expect(throws: HookSignatureError.self) { try HookSignature(parsing: "bool(ptr,st\u{E9}r,u64)") }
    }

    @Test(
        "malformed signatures say what is wrong",
        arguments: [
            ("bool", "expected RETURN(ARG,...)"), ("float(ptr)", "unknown return type 'float'"),
            ("void(ptr,int)", "unknown argument type 'int'"), ("void(str)", "the first argument must be ptr"),
            ("void()", "unknown argument type ''"), ("void(ptr,void)", "unknown argument type 'void'"),
            ("void(ptr,,str)", "unknown argument type ''"),
        ])
    func malformed(text: String, reason: String) {
        #expect {
            try HookSignature(parsing: text)
        } throws: { error in
            (error as? HookSignatureError)?.description.contains(reason) == true
        }
    }

    @Test("combine rules have their identities and fit only their return types")
    func combineRules() {
        #expect(CombineRule.all.identity == 1)
        #expect(CombineRule.any.identity == 0)
        #expect(CombineRule.union.identity == 0)
        #expect(CombineRule.none.fits(.void) && !CombineRule.none.fits(.bool))
        #expect(CombineRule.all.fits(.bool) && !CombineRule.all.fits(.u32))
        #expect(CombineRule.union.fits(.u64) && !CombineRule.union.fits(.f64))
    }
}
