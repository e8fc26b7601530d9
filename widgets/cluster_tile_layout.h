#pragma once
#include "widgets/cluster_snapshot.h"

#include <QPoint>
#include <QRect>

#include <vector>

namespace orrery::widgets {

//! Where ClusterView puts things, in content coordinates: one band per pool (a title line,
//! then its nodes as square tiles wrapped in rows), bands stacked top to bottom.
//!
//! Tiles sit on a regular grid inside a band, so hit-testing is arithmetic (find the band by
//! binary search on y, then column and row) and costs nothing at 10,000 nodes.
class ClusterTileLayout {
public:
    struct Band {
        std::uint32_t pool = 0;
        QRect titleRect;
        QRect tilesRect; //!< the grid area of the band's tiles
        int columns = 1;
        std::vector<int> nodes; //!< snapshot node indices in tile order
    };

    //! Lays out `snapshot` for a content `width` with square tiles of `tileSize` px, starting
    //! at y = `top`; `titleHeight` is the height of a band's title line.
    void compute(const ClusterSnapshot& snapshot, int width, int tileSize, int titleHeight, int top = 0);

    [[nodiscard]] const std::vector<Band>& bands() const { return m_bands; }
    //! The tile of node `node` (content coordinates); empty for an unknown node.
    [[nodiscard]] QRect tileRect(int node) const;
    //! The node whose tile contains `point`, or -1.
    [[nodiscard]] int nodeAt(QPoint point) const;
    //! The band drawing pool `pool`, or nullptr.
    [[nodiscard]] const Band* bandOfPool(std::uint32_t pool) const;
    [[nodiscard]] int tileSize() const { return m_tileSize; }
    //! Tile size plus the gap between tiles.
    [[nodiscard]] int pitch() const { return m_pitch; }
    [[nodiscard]] int contentHeight() const { return m_contentHeight; }

    static constexpr int kMargin = 8;
    static constexpr int kBandGap = 10;

private:
    std::vector<Band> m_bands;
    std::vector<QRect> m_tiles; //!< by snapshot node index
    int m_tileSize = 0;
    int m_pitch = 1;
    int m_contentHeight = 0;
};

} // namespace orrery::widgets
