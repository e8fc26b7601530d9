#pragma once
#include <QColor>

namespace orrery::widgets {

//! The colour of the arm at `index` (in the experiment's arm order) in every comparison chart:
//! the ten "category10" colours the run view and the HTML reports use, then repeating.
QColor armColor(int index);

} // namespace orrery::widgets
