// parra-bench's reference launch (launch.foundation_process_ms): parra-empty linking Foundation,
// as every app that imports Parra does (its API has DateFormatter), and using none of it.
import Foundation
