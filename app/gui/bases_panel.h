// The Bases view: the layout as the linear map over F2 it is. For every kind
// with an F2 form (not only linear layouts), the basis vector of each bit of
// each hardware dim, the bit matrix (a column per input bit, a row per output
// coordinate bit), and for one element the XOR of the bases that produce its
// coordinates: L(x) = XOR over the set bits i of x of bases[i].
#pragma once

#include "explorer.h"

namespace lsgui {

void draw_bases(App& app);

}  // namespace lsgui
