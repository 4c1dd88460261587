import { CloudDownloadOutlined } from '@ant-design/icons';
import { type ImportedRemoteProblem, remoteJudge } from '@oj/shared';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/http-client';
import { toast } from '../../../lib/notify';
import { REMOTE_JUDGE_NAMES, REMOTE_OJ_KEYS, type RemoteOjKey } from '../../remote-judge/remote-judges';

/** Where the imported problem goes: the public bank, a contest (under a display id) or a training. */
export type RemoteImportTarget =
  | { kind: 'bank' }
  | { kind: 'contest'; cid: number }
  | { kind: 'training'; tid: number };

/** What a problem id looks like on each site, shown as the placeholder. */
const ID_EXAMPLES: Record<RemoteOjKey, string> = {
  HDU: '1000',
  CF: '1000A',
  POJ: '1000',
  GYM: '100001A',
  AC: 'abc123_a',
  SPOJ: 'TEST',
};

/** "Codeforces (CF)"; "HDU" alone where the name is the key. */
const siteLabel = (key: RemoteOjKey) => (REMOTE_JUDGE_NAMES[key] === key ? key : `${REMOTE_JUDGE_NAMES[key]} (${key})`);

/** Sites the server said it has no adapter for yet (`remoteOjNotAvailable`): marked in the select for the session. */
const notAvailable = new Set<RemoteOjKey>();

interface Values {
  name: RemoteOjKey;
  problemId: string;
  displayId?: string;
}

const importProblem = (target: RemoteImportTarget, v: Values) => {
  const base = { name: v.name, problemId: v.problemId.trim() };
  const opts = { silent: true };
  if (target.kind === 'contest')
    return api.call(
      remoteJudge.importContestRemoteProblem,
      { ...base, cid: target.cid, displayId: (v.displayId ?? '').trim() },
      opts,
    );
  if (target.kind === 'training')
    return api.call(remoteJudge.importTrainingRemoteProblem, { ...base, tid: target.tid }, opts);
  return api.call(remoteJudge.importRemoteProblem, base, opts);
};

/** The "import remote problem" button and its dialog (HOJ's "Add Remote OJ Problem" of the admin problem list, and
 * its contest and training variants): a site, the id there, and in a contest the display
 * id. The server's 400/502 message stays in the dialog; a success closes it, says so and refreshes the list. */
export const RemoteImportButton = ({
  target,
  defaultDisplayId,
  onImported,
}: {
  target: RemoteImportTarget;
  /** The contest's next free display id (A, B, ...). */
  defaultDisplayId?: string;
  onImported: (p: ImportedRemoteProblem) => void;
}) => {
  const { t } = useTranslation('remote-judge');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const [site, setSite] = useState<RemoteOjKey>('CF');

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const got = await importProblem(target, v);
      toast.success(
        t(got.created ? 'Remote_Imported' : 'Remote_Added_Existing', { problemId: got.problemId, title: got.title }),
      );
      setOpen(false);
      form.resetFields();
      onImported(got);
    } catch (err) {
      const key = err instanceof ApiError ? (err.data as { key?: string } | null)?.key : undefined;
      if (key === 'remoteOjNotAvailable') notAvailable.add(v.name);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)}>
        {t('Remote_Import_Problem')}
      </Button>
      <Modal
        open={open}
        title={t('Remote_Import_Problem')}
        footer={null}
        width={420}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('Remote_Import_Tip')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ name: site, problemId: '', displayId: defaultDisplayId }}
          onFinish={(v) => void submit(v)}
          onValuesChange={(changed: Partial<Values>) => {
            if (changed.name) setSite(changed.name);
            setError(null);
          }}
        >
          <Form.Item name="name" label={t('Remote_Judge_Site')} rules={[{ required: true }]}>
            <Select
              options={REMOTE_OJ_KEYS.map((key) => ({
                value: key,
                label: `${siteLabel(key)}${notAvailable.has(key) ? ` · ${t('Remote_Not_Available')}` : ''}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="problemId"
            label={t('Remote_Problem_Id')}
            rules={[{ required: true, whitespace: true, message: t('Remote_Problem_Id_Required') }]}
          >
            <Input placeholder={t('Remote_Problem_Id_Example', { example: ID_EXAMPLES[site] })} maxLength={50} />
          </Form.Item>
          {target.kind === 'contest' && (
            <Form.Item
              name="displayId"
              label={t('Remote_Display_Id')}
              rules={[{ required: true, whitespace: true, message: t('Remote_Display_Id_Required') }]}
            >
              <Input maxLength={20} />
            </Form.Item>
          )}
          {error && <Alert type="error" role="alert" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('Remote_Import')}
          </Button>
        </Form>
      </Modal>
    </>
  );
};
