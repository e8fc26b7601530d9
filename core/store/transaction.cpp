#include "store/transaction.h"

#include "store/database.h"
#include "store/store_error.h"

namespace orrery::store {

Transaction::Transaction(Database& db, Mode mode)
    : m_db(db)
{
    if (m_db.inTransaction())
        throw StoreError(m_db.path(), "a transaction is already open on this connection");
    m_db.exec(mode == Mode::Immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED");
    m_open = true;
}

Transaction::~Transaction()
{
    if (!m_open)
        return;
    try {
        // SQLite may already have rolled back by itself (e.g. after SQLITE_FULL or an
        // interrupt); ROLLBACK without a transaction would then fail, so ask first.
        if (m_db.inTransaction())
            m_db.exec("ROLLBACK");
    } catch (...) {
        // A destructor must not throw; a failed rollback leaves SQLite to roll back the hot
        // journal/WAL frames when the connection closes, which it does atomically.
    }
}

void Transaction::commit()
{
    if (!m_open)
        throw StoreError(m_db.path(), "commit of a transaction that is no longer open");
    m_db.exec("COMMIT");
    m_open = false;
}

} // namespace orrery::store
