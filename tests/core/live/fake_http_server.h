#pragma once
// A loopback HTTP(S) server for the live tests: it runs on its own thread (the clients under test
// block), records every request and answers from a handler the test supplies.
#include <QByteArray>
#include <QList>
#include <QMap>
#include <QMutex>
#include <QString>
#include <QThread>

#include <functional>
#include <memory>

namespace orrery::testing {

//! One request as the server received it.
struct RecordedRequest {
    QByteArray method;
    QByteArray target;                     //!< path and query, as sent
    QByteArray path;                       //!< without the query
    QMap<QByteArray, QByteArray> query;    //!< percent-decoded
    QMap<QByteArray, QByteArray> headers;  //!< names lower-cased
    QByteArray body;
};

//! What the server answers. With `chunks`, the body is sent with chunked transfer encoding,
//! one chunk per entry (a watch stream), and the connection is closed afterwards.
struct ScriptedResponse {
    int status = 200;
    QByteArray contentType = "application/json";
    QByteArray body;
    QList<QByteArray> chunks;
    bool closeAfter = false;
};

class FakeHttpServerWorker;

//! Serves on 127.0.0.1 on a free port; HTTPS when given a certificate and key (PEM).
class FakeHttpServer {
public:
    using Handler = std::function<ScriptedResponse(const RecordedRequest&)>;

    explicit FakeHttpServer(Handler handler, const QByteArray& certificatePem = {}, const QByteArray& keyPem = {});
    ~FakeHttpServer();
    FakeHttpServer(const FakeHttpServer&) = delete;
    FakeHttpServer& operator=(const FakeHttpServer&) = delete;

    [[nodiscard]] quint16 port() const { return m_port; }
    [[nodiscard]] QString url() const;
    [[nodiscard]] QList<RecordedRequest> requests() const;
    void clearRequests();
    void setHandler(Handler handler);

private:
    friend class FakeHttpServerWorker;
    ScriptedResponse answer(const RecordedRequest& request);

    mutable QMutex m_mutex;
    Handler m_handler;
    QList<RecordedRequest> m_requests;
    bool m_tls = false;
    quint16 m_port = 0;
    QThread m_thread;
    FakeHttpServerWorker* m_worker = nullptr; // lives on m_thread; deleted there
};

//! Reads a test data file (fails the test run when it is missing).
QByteArray readFile(const QString& path);

} // namespace orrery::testing
