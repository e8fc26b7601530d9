#include "widgets/cluster_tile_layout.h"

#include <algorithm>

namespace orrery::widgets {

void ClusterTileLayout::compute(const ClusterSnapshot& snapshot, int width, int tileSize, int titleHeight, int top)
{
    m_bands.clear();
    m_tileSize = std::max(1, tileSize);
    // A one-pixel gap at small sizes, growing with the tile so big tiles stay distinct.
    m_pitch = m_tileSize + std::max(1, m_tileSize / 8);
    m_tiles.assign(snapshot.nodes.size(), QRect());

    std::vector<std::vector<int>> nodesOfPool(snapshot.pools.size());
    for (std::size_t i = 0; i < snapshot.nodes.size(); ++i) {
        const std::uint32_t pool = snapshot.nodes[i].pool;
        if (pool < nodesOfPool.size())
            nodesOfPool[pool].push_back(static_cast<int>(i));
    }

    const int usable = std::max(m_pitch, width - 2 * kMargin);
    const int columns = std::max(1, (usable + (m_pitch - m_tileSize)) / m_pitch);
    int y = top + kMargin;
    for (std::size_t pool = 0; pool < nodesOfPool.size(); ++pool) {
        Band band;
        band.pool = static_cast<std::uint32_t>(pool);
        band.columns = columns;
        band.nodes = std::move(nodesOfPool[pool]);
        band.titleRect = QRect(kMargin, y, usable, titleHeight);
        y += titleHeight + 2;
        const int count = static_cast<int>(band.nodes.size());
        const int rows = (count + columns - 1) / columns;
        const int shownColumns = std::min(columns, std::max(count, 1));
        band.tilesRect = QRect(kMargin, y, shownColumns * m_pitch, rows * m_pitch);
        for (int k = 0; k < count; ++k)
            m_tiles[static_cast<std::size_t>(band.nodes[static_cast<std::size_t>(k)])] =
                QRect(kMargin + (k % columns) * m_pitch, y + (k / columns) * m_pitch, m_tileSize, m_tileSize);
        y += rows * m_pitch + kBandGap;
        m_bands.push_back(std::move(band));
    }
    m_contentHeight = y + kMargin - kBandGap;
}

QRect ClusterTileLayout::tileRect(int node) const
{
    if (node < 0 || static_cast<std::size_t>(node) >= m_tiles.size())
        return {};
    return m_tiles[static_cast<std::size_t>(node)];
}

int ClusterTileLayout::nodeAt(QPoint point) const
{
    // The first band whose tile area ends below the point.
    const auto it = std::partition_point(m_bands.begin(), m_bands.end(),
        [&](const Band& band) { return band.tilesRect.bottom() < point.y(); });
    if (it == m_bands.end() || !it->tilesRect.contains(point))
        return -1;
    const int column = (point.x() - it->tilesRect.left()) / m_pitch;
    const int row = (point.y() - it->tilesRect.top()) / m_pitch;
    if (column >= it->columns)
        return -1;
    const int index = row * it->columns + column;
    if (index >= static_cast<int>(it->nodes.size()))
        return -1;
    const int node = it->nodes[static_cast<std::size_t>(index)];
    return tileRect(node).contains(point) ? node : -1; // the gap between tiles hits nothing
}

const ClusterTileLayout::Band* ClusterTileLayout::bandOfPool(std::uint32_t pool) const
{
    for (const Band& band : m_bands) {
        if (band.pool == pool)
            return &band;
    }
    return nullptr;
}

} // namespace orrery::widgets
