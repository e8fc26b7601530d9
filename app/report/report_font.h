#pragma once
#include <QFont>

namespace orrery::app {

//! The font of PDF reports: sans-serif at `pointSize`, unshaped, so there are no ligatures and
//! text copied or searched in the PDF reads "first-fit", not "ﬁrst-ﬁt".
QFont reportFont(qreal pointSize);

} // namespace orrery::app
