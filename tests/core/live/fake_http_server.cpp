#include "fake_http_server.h"

#include <QFile>
#include <QMetaObject>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrlQuery>

namespace orrery::testing {

//! The QTcpServer side, living on the server's thread.
class FakeHttpServerWorker : public QObject {
public:
    explicit FakeHttpServerWorker(FakeHttpServer* owner) : m_owner(owner) {}

    //! Called on the server thread, so the listening socket and its connections live there.
    void start(const QByteArray& certificatePem, const QByteArray& keyPem)
    {
        if (!certificatePem.isEmpty()) {
            auto* server = new QSslServer(this);
            QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
            configuration.setLocalCertificate(QSslCertificate(certificatePem));
            configuration.setPrivateKey(QSslKey(keyPem, QSsl::Rsa));
            configuration.setPeerVerifyMode(QSslSocket::VerifyNone);
            server->setSslConfiguration(configuration);
            m_server = server;
            connect(server, &QSslServer::pendingConnectionAvailable, this, &FakeHttpServerWorker::accept);
        } else {
            m_server = new QTcpServer(this);
            connect(m_server, &QTcpServer::pendingConnectionAvailable, this, &FakeHttpServerWorker::accept);
        }
        if (!m_server->listen(QHostAddress::LocalHost, 0))
            qFatal("fake server: cannot listen: %s", qPrintable(m_server->errorString()));
    }

    quint16 port() const { return m_server->serverPort(); }

private:
    void accept()
    {
        while (QTcpSocket* socket = m_server->nextPendingConnection()) {
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { serve(socket); });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            if (socket->bytesAvailable() > 0)
                serve(socket);
        }
    }

    void serve(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const int headerEnd = buffer.indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            RecordedRequest request;
            const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            request.method = first.value(0);
            request.target = first.value(1);
            const int question = request.target.indexOf('?');
            request.path = question < 0 ? request.target : request.target.left(question);
            if (question >= 0) {
                const QUrlQuery query(QString::fromUtf8(request.target.mid(question + 1)));
                for (const auto& [key, value] : query.queryItems(QUrl::FullyDecoded))
                    request.query.insert(key.toUtf8(), value.toUtf8());
            }
            for (int i = 1; i < lines.size(); ++i) {
                const int colon = lines[i].indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
            }
            const int length = request.headers.value("content-length", "0").toInt();
            if (buffer.size() < headerEnd + 4 + length)
                return;
            request.body = buffer.mid(headerEnd + 4, length);
            buffer.remove(0, headerEnd + 4 + length);
            respond(socket, m_owner->answer(request));
        }
    }

    static void respond(QTcpSocket* socket, const ScriptedResponse& response)
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + " Fake\r\nContent-Type: " +
                          response.contentType + "\r\n";
        if (!response.chunks.isEmpty()) {
            head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
            socket->write(head);
            for (const QByteArray& chunk : response.chunks)
                socket->write(QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n");
            socket->write("0\r\n\r\n");
            socket->disconnectFromHost();
            return;
        }
        head += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
        head += response.closeAfter ? "Connection: close\r\n\r\n" : "\r\n";
        socket->write(head + response.body);
        if (response.closeAfter)
            socket->disconnectFromHost();
    }

    FakeHttpServer* m_owner;
    QTcpServer* m_server = nullptr;
    QMap<QTcpSocket*, QByteArray> m_buffers;
};

FakeHttpServer::FakeHttpServer(Handler handler, const QByteArray& certificatePem, const QByteArray& keyPem)
    : m_handler(std::move(handler)), m_tls(!certificatePem.isEmpty())
{
    m_worker = new FakeHttpServerWorker(this);
    m_worker->moveToThread(&m_thread);
    m_thread.start();
    QMetaObject::invokeMethod(
        m_worker,
        [&] {
            m_worker->start(certificatePem, keyPem);
            m_port = m_worker->port();
        },
        Qt::BlockingQueuedConnection);
}

FakeHttpServer::~FakeHttpServer()
{
    QMetaObject::invokeMethod(m_worker, [this] { delete m_worker; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

QString FakeHttpServer::url() const
{
    return QStringLiteral("%1://127.0.0.1:%2").arg(m_tls ? "https" : "http").arg(m_port);
}

QList<RecordedRequest> FakeHttpServer::requests() const
{
    QMutexLocker lock(&m_mutex);
    return m_requests;
}

void FakeHttpServer::clearRequests()
{
    QMutexLocker lock(&m_mutex);
    m_requests.clear();
}

void FakeHttpServer::setHandler(Handler handler)
{
    QMutexLocker lock(&m_mutex);
    m_handler = std::move(handler);
}

ScriptedResponse FakeHttpServer::answer(const RecordedRequest& request)
{
    Handler handler;
    {
        QMutexLocker lock(&m_mutex);
        m_requests.append(request);
        handler = m_handler;
    }
    return handler(request);
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

} // namespace orrery::testing
