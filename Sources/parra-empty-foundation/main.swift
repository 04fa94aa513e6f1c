// parra-bench's reference launch (launch.foundation_process_ms): parra-empty linking
// FoundationEssentials, as every app that imports Parra does (Parra and its modules need no
// more of Foundation), and using none of it.
import FoundationEssentials
