import { adminConfig, type SwitchConfig } from '@oj/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/notify';
import { queryKey } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { type AccountPools, accountListsOf, accountPoolsOf, RemoteAccountPools } from './admin-remote-accounts';

const BOOLEANS = [
  ['openPublicJudge', 'Open_Public_Judge'],
  ['openGroupJudge', 'Open_Group_Judge'],
  ['openContestJudge', 'Open_Contest_Judge'],
  ['openPublicDiscussion', 'Open_Public_Discussion'],
  ['openGroupDiscussion', 'Open_Group_Discussion'],
  ['openContestComment', 'Open_Contest_Comment'],
  ['hideNonContestSubmissionCode', 'Hide_Code'],
] as const;
const NUMBERS = [
  ['defaultSubmitInterval', 'Submit_Interval'],
  ['defaultCreateDiscussionACInitValue', 'Discussion_Ac_Init'],
  ['defaultCreateDiscussionDailyLimit', 'Discussion_Daily_Limit'],
  ['defaultCreateCommentACInitValue', 'Comment_Ac_Init'],
  ['defaultCreateGroupACInitValue', 'Group_Ac_Init'],
  ['defaultCreateGroupDailyLimit', 'Group_Daily_Limit'],
  ['defaultCreateGroupLimit', 'Group_Limit'],
] as const;

/** The form, started from one answer of the server: after a save it is built again from the fresh answer, so every
 * password field is empty again and the new accounts count as stored. */
const SwitchForm = ({ data, onSave }: { data: SwitchConfig; onSave: (v: Record<string, unknown>) => void }) => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 8 }}
      initialValues={{ ...data, accounts: accountPoolsOf(data) }}
      onFinish={() => {
        // Every value of the store (onFinish carries the registered fields only, not the rows' `stored` marks).
        const { accounts, ...v } = form.getFieldsValue(true) as Record<string, unknown> & { accounts: AccountPools };
        onSave({ ...v, ...accountListsOf(accounts) });
      }}
      style={{ maxWidth: 640 }}
    >
      {BOOLEANS.map(([name, label]) => (
        <Form.Item key={name} name={name} label={t(label)} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
      {NUMBERS.map(([name, label]) => (
        <Form.Item key={name} name={name} label={t(label)} rules={[{ required: true }]}>
          <InputNumber min={0} />
        </Form.Item>
      ))}
      <RemoteAccountPools form={form} />
      <Button type="primary" htmlType="submit">
        {t('Save')}
      </Button>
    </Form>
  );
};

/** /admin/switch: HOJ's site switches and the remote judges' account pools (root only). */
const AdminSwitchPage = () => {
  const { t } = useTranslation(['admin', 'submission', 'user']);
  const queryClient = useQueryClient();
  const switches = useQuery({
    queryKey: queryKey(adminConfig.getSwitchConfig),
    queryFn: () => api.call(adminConfig.getSwitchConfig, {}),
  });
  // A failure the HTTP client has shown.
  const save = useApiMutation({
    mutationFn: (v: Record<string, unknown>) => api.call(adminConfig.updateSwitchConfig, v),
    onSuccess: () => {
      toast.success(t('Update_Successfully'));
      void queryClient.invalidateQueries();
    },
  });
  if (!switches.data) return <Panel title={t('Switches')}>…</Panel>;
  return (
    <Panel title={t('Switches')}>
      <SwitchForm key={switches.dataUpdatedAt} data={switches.data} onSave={save.mutate} />
    </Panel>
  );
};

export default AdminSwitchPage;
