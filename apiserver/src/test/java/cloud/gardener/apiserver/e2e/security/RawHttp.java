package cloud.gardener.apiserver.e2e.security;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** HTTP/1.1 by hand over a socket: for half-sent requests, trickled headers and silent connections. */
final class RawHttp {

    record Answer(int status, Map<String, String> headers, String body) {}

    private RawHttp() {}

    static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** Reads one response with a Content-Length body. */
    static Answer read(Socket socket) throws IOException {
        DataInputStream in = new DataInputStream(socket.getInputStream());
        String status = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
        byte[] body = new byte[Integer.parseInt(headers.getOrDefault("content-length", "0"))];
        in.readFully(body);
        return new Answer(
                Integer.parseInt(status.split(" ", -1)[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    /** Reads one response whose body (without Content-Length) ends when the server closes the connection. */
    static Answer readUntilClosed(Socket socket) throws IOException {
        DataInputStream in = new DataInputStream(socket.getInputStream());
        String status = line(in);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = new byte[Integer.parseInt(headers.get("content-length"))];
            in.readFully(body);
        } else {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try {
                in.transferTo(out);
            } catch (java.net.SocketException reset) {
                // closed with unread bytes of ours: what arrived is the body
            }
            body = out.toByteArray();
        }
        return new Answer(
                Integer.parseInt(status.split(" ", -1)[1]), headers, new String(body, StandardCharsets.UTF_8));
    }

    /** Whether the peer has closed the connection (end of stream or reset) within the socket's timeout. */
    static boolean closedByPeer(Socket socket) {
        try {
            return socket.getInputStream().read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                out.write(c);
            }
        }
        if (c == -1 && out.size() == 0) {
            throw new IOException("connection closed");
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }
}
