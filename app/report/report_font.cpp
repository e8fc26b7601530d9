#include "report/report_font.h"

namespace orrery::app {

QFont reportFont(qreal pointSize)
{
    QFont font(QStringLiteral("sans-serif"));
    font.setPointSizeF(pointSize);
    font.setStyleStrategy(QFont::PreferNoShaping);
    return font;
}

} // namespace orrery::app
