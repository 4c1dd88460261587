import { SMTPServer } from 'smtp-server';

/** A local SMTP server that keeps every message it receives, for the tests of what the site mails. Soft line breaks
 * and `=3D` of quoted-printable bodies are undone, so a link or a code reads as it was written. */
export const openMailInbox = async () => {
  const messages: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => {
        text += c.toString();
      });
      stream.on('end', () => {
        messages.push(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    messages,
    /** The last message received ('' before the first). */
    last: () => messages.at(-1) ?? '',
    /** The mail settings that send through this server. */
    settings: {
      host: '127.0.0.1',
      port: (smtp.server.address() as { port: number }).port,
      user: '',
      pass: '',
      from: 'oj@example.test',
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
};
export type MailInbox = Awaited<ReturnType<typeof openMailInbox>>;
