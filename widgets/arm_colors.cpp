#include "widgets/arm_colors.h"

#include <array>

namespace orrery::widgets {

QColor armColor(int index)
{
    static constexpr std::array<QRgb, 10> kColors = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                                     0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};
    const auto size = static_cast<int>(kColors.size());
    return QColor::fromRgb(kColors[static_cast<std::size_t>(((index % size) + size) % size)]);
}

} // namespace orrery::widgets
