// The analyses' results as JSON text (what layoutscope-cli prints and the
// GUI exports), and the batch-line reader of `bank-conflicts --batch`.
#pragma once

#include <string>

#include "../spec.h"
#include "bank_conflicts.h"
#include "coalescing.h"
#include "conversion.h"
#include "swizzle.h"

namespace ls {

// `details`: every instruction with its collisions; otherwise the per-
// instruction wavefronts and the collisions of the worst instruction.
std::string to_json(const SharedOpReport& r, bool details);
std::string to_json(const LlvmAlternative& a);
std::string to_json(const PtxasMerge& p);
std::string to_json(const BankConflictReport& r, bool details);

std::string to_json(const CoalescingReport& r);
std::string to_json(const ConversionReport& r);
// The design and (when `ranked` is not empty) the conventional choices.
std::string to_json(const SwizzleDesign& d, const std::vector<SwizzleCandidate>& ranked);

// One line of `bank-conflicts --batch`:
//   {"reg": LAYOUT, "shared": LAYOUT, "shape": [..], "bits": N}
struct BankCase {
  TensorLayout reg, shared;
  int32_t bits = 32;
};
BankCase parse_bank_case(const std::string& json_line);

std::string json_string(const std::string& s);  // quoted and escaped

}  // namespace ls
