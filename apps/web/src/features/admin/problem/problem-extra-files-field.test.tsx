import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderElement, setupI18n } from '../../../test-utils';
import { ProblemExtraFilesField } from './problem-extra-files-field';
import { emptyProblemForm, formToDto, type ProblemFormState } from './problem-form-model';

/** The judge's extra files field under a form the test can read back. */
const Harness = ({ seen }: { seen: { form: ProblemFormState } }) => {
  const [form, setForm] = useState(seen.form);
  seen.form = form;
  return (
    <ProblemExtraFilesField
      label="Judge extra files"
      rows={form.judgeExtraFiles}
      onChange={(rows) => setForm((f) => ({ ...f, judgeExtraFiles: rows }))}
    />
  );
};

const open = () => {
  const seen = { form: emptyProblemForm(true, ['C++']) };
  renderElement(<Harness seen={seen} />);
  return seen;
};

const sent = (form: ProblemFormState) => JSON.parse(formToDto(form).problem.judgeExtraFile as string);

/** A file as a browser gives it: jsdom's File lacks arrayBuffer(), so the test's files carry one over their bytes. */
const file = (parts: (string | Uint8Array)[], name: string) => {
  const f = new File(parts as BlobPart[], name);
  const bytes = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
  Object.defineProperty(f, 'arrayBuffer', { value: async () => Uint8Array.from(bytes).buffer });
  return f;
};

/** The field's own upload (a new row): the last file input on the page. */
const uploadNew = (file: File) => {
  const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
  fireEvent.change(inputs[inputs.length - 1], { target: { files: [file] } });
};

/** A C header of exactly `bytes` bytes. */
const header = (bytes: number) => {
  const line = '#define DATA_LINE 0123456789\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
};

beforeAll(() => setupI18n('en-US'));

describe('the extra files field', () => {
  it('takes an uploaded 1 MB header: sent in full under its name, shown as name and size, in no text area', {
    timeout: 60000,
  }, async () => {
    const seen = open();
    const text = header(1_000_000);
    uploadNew(file([text], 'data.h'));
    expect(await screen.findByText('data.h · 976.6 KB', {}, { timeout: 30000 })).toBeTruthy();
    expect(sent(seen.form)).toEqual({ 'data.h': text });
    // Its text is in no text area or input, and it offers no editor.
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')) {
      expect(el.value.length).toBeLessThan(1000);
    }
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByLabelText('Judge extra files File name 1')).toHaveProperty('value', 'data.h');
  });

  it('refuses a file with a NUL byte, a non-UTF-8 file and one over 1 MiB, saying why, and keeps the form', {
    timeout: 60000,
  }, async () => {
    const seen = open();
    uploadNew(file(['int x;\n'], 'ok.h'));
    expect(await screen.findByText('ok.h · 7 B', {}, { timeout: 10000 })).toBeTruthy();

    uploadNew(file(['int x;\0\n'], 'nul.h'));
    expect((await screen.findByRole('alert', {}, { timeout: 10000 })).textContent).toBe(
      'nul.h is not a UTF-8 text file (it has invalid or NUL bytes): only text files can be extra files.',
    );
    uploadNew(file([new Uint8Array([0x69, 0x6e, 0x74, 0xff, 0xfe])], 'latin1.h'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^latin1\.h is not a UTF-8 text file/), {
      timeout: 10000,
    });
    uploadNew(file([header(1024 * 1024 + 1)], 'big.h'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('big.h is 1.0 MB: an extra file may be at most 1 MiB.'),
    );
    expect(sent(seen.form)).toEqual({ 'ok.h': 'int x;\n' });
  });

  it('says it in Chinese', { timeout: 30000 }, async () => {
    await setupI18n('zh-CN');
    try {
      open();
      uploadNew(file([header(2 * 1024 * 1024)], 'big.h'));
      expect((await screen.findByRole('alert', {}, { timeout: 10000 })).textContent).toBe(
        'big.h 大小为 2.0 MB，额外文件最大为 1 MB。',
      );
    } finally {
      await setupI18n('en-US');
    }
  });

  it('still takes a short file typed by hand, and edits a short file in a text area', { timeout: 30000 }, async () => {
    const seen = open();
    fireEvent.click(screen.getByRole('button', { name: 'Add file' }));
    fireEvent.change(screen.getByLabelText('Judge extra files File name 1'), { target: { value: 'a.h' } });
    fireEvent.change(screen.getByLabelText('Judge extra files Content 1'), { target: { value: 'int a;' } });
    expect(sent(seen.form)).toEqual({ 'a.h': 'int a;' });
    fireEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(screen.getByText('a.h · 6 B')).toBeTruthy();
    expect(screen.queryByLabelText('Judge extra files Content 1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Judge extra files Content 1')).toHaveProperty('value', 'int a;');
  });

  it('takes a large paste into the form without keeping it in the text area', { timeout: 30000 }, async () => {
    const seen = open();
    fireEvent.click(screen.getByRole('button', { name: 'Add file' }));
    fireEvent.change(screen.getByLabelText('Judge extra files File name 1'), { target: { value: 'testlib.h' } });
    const text = header(200_000);
    fireEvent.paste(screen.getByLabelText('Judge extra files Content 1'), { clipboardData: { getData: () => text } });
    expect(await screen.findByText('testlib.h · 195.3 KB', {}, { timeout: 10000 })).toBeTruthy();
    expect(screen.queryByLabelText('Judge extra files Content 1')).toBeNull();
    expect(sent(seen.form)).toEqual({ 'testlib.h': text });
  });
});
