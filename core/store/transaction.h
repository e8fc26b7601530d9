#pragma once

namespace orrery::store {

class Database;

//! Scope guard for one SQLite transaction: rolls back on destruction unless commit() ran.
//!
//! Writers use Mode::Immediate: it takes the write lock at BEGIN, where the busy timeout
//! applies, instead of failing with SQLITE_BUSY when a deferred read transaction later tries
//! to upgrade while another connection writes.
class Transaction {
public:
    enum class Mode { Deferred, Immediate };

    explicit Transaction(Database& db, Mode mode = Mode::Immediate);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();

    void commit();

private:
    Database& m_db;
    bool m_open = false;
};

} // namespace orrery::store
