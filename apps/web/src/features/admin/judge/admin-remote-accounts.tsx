import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { adminConfig, SwitchConfig } from '@oj/shared';
import type { FormInstance } from 'antd';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** HOJ's list prefixes of the switch page and the site each pool serves; CF's pool serves GYM too. */
export type AccountPoolPrefix = keyof typeof adminConfig.REMOTE_ACCOUNT_LISTS;
const POOLS: { prefix: AccountPoolPrefix; name: string }[] = [
  { prefix: 'hdu', name: 'HDU' },
  { prefix: 'cf', name: 'Codeforces' },
  { prefix: 'poj', name: 'POJ' },
  { prefix: 'atcoder', name: 'AtCoder' },
  { prefix: 'spoj', name: 'SPOJ' },
];

// A box per site; min-width 0 lets it shrink on a phone (a fieldset is as wide as its content by default).
const POOL_BOX = {
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: '4px 12px 12px',
  margin: '0 0 12px',
  minWidth: 0,
};
const POOL_LEGEND = {
  width: 'auto',
  padding: '0 6px',
  margin: 0,
  border: 0,
  fontSize: 14,
  fontWeight: 600,
  color: 'inherit',
};
const ROW_ITEM = { marginBottom: 8 };

/** One account row: `stored` rows came from the server, whose password is never sent back (an empty password keeps
 * it); a new row needs one. */
export interface AccountRow {
  username: string;
  password: string;
  stored: boolean;
}
export type AccountPools = Record<AccountPoolPrefix, AccountRow[]>;

/** The switch answer's lists → editable rows (every password field starts empty). */
export const accountPoolsOf = (s: SwitchConfig): AccountPools =>
  Object.fromEntries(
    POOLS.map(({ prefix }) => [
      prefix,
      s[`${prefix}UsernameList`].map((username) => ({ username, password: '', stored: true })),
    ]),
  ) as AccountPools;

/** Rows → the update's pairs of lists, one entry per account in both (an empty password keeps the stored one). */
export const accountListsOf = (pools: Partial<AccountPools>) =>
  Object.fromEntries(
    POOLS.flatMap(({ prefix }) => {
      const rows = pools[prefix] ?? [];
      return [
        [`${prefix}UsernameList`, rows.map((r) => r.username.trim())],
        [`${prefix}PasswordList`, rows.map((r) => r.password ?? '')],
      ];
    }),
  );

/** The account pools of the remote judges on the switch page (decision 0031): rows of username and password per site,
 * added and removed here and saved with the rest of the form under `accounts`. A password is never shown. */
export const RemoteAccountPools = ({ form }: { form: FormInstance }) => {
  const { t } = useTranslation('remote-judge');
  return (
    <section aria-labelledby="remote-accounts-title" style={{ marginTop: 8 }}>
      <Typography.Title level={5} id="remote-accounts-title">
        {t('Remote_Accounts')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('Remote_Accounts_Tip')}</Typography.Paragraph>
      {POOLS.map(({ prefix, name }) => (
        <fieldset key={prefix} aria-label={name} style={POOL_BOX}>
          <legend style={POOL_LEGEND}>{name}</legend>
          {prefix === 'cf' && <Typography.Paragraph type="secondary">{t('Remote_Cf_Gym_Shared')}</Typography.Paragraph>}
          <Form.List name={['accounts', prefix]}>
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && (
                  <Typography.Paragraph type="secondary">{t('Remote_No_Account')}</Typography.Paragraph>
                )}
                {fields.map((field, i) => {
                  const stored = !!form.getFieldValue(['accounts', prefix, field.name, 'stored']);
                  return (
                    <Space key={field.key} align="start" wrap size={[8, 0]} style={{ display: 'flex' }}>
                      <Form.Item
                        style={ROW_ITEM}
                        name={[field.name, 'username']}
                        rules={[
                          { required: true, whitespace: true, message: t('Remote_Username_Required') },
                          {
                            validator: async (_, value: string) => {
                              const all = (form.getFieldValue(['accounts', prefix]) as AccountRow[]) ?? [];
                              const same = all.filter(
                                (r) => r?.username?.trim() && r.username.trim() === value?.trim(),
                              );
                              if (same.length > 1) throw new Error(t('Remote_Username_Repeated'));
                            },
                          },
                        ]}
                      >
                        <Input
                          aria-label={`${name} ${t('Remote_Account_Username')} ${i + 1}`}
                          placeholder={t('Remote_Account_Username')}
                          autoComplete="off"
                          maxLength={100}
                          style={{ width: 180 }}
                        />
                      </Form.Item>
                      <Form.Item
                        style={ROW_ITEM}
                        name={[field.name, 'password']}
                        rules={stored ? [] : [{ required: true, message: t('Remote_Password_Required') }]}
                      >
                        <Input.Password
                          aria-label={`${name} ${t('Remote_Account_Password')} ${i + 1}`}
                          placeholder={t(stored ? 'Remote_Password_Keep' : 'Remote_Password_New')}
                          autoComplete="new-password"
                          visibilityToggle={false}
                          maxLength={200}
                          style={{ width: 240 }}
                        />
                      </Form.Item>
                      <Button
                        aria-label={`${t('Remote_Remove_Account')} ${name} ${i + 1}`}
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  );
                })}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ username: '', password: '', stored: false })}
                  aria-label={`${t('Remote_Add_Account')} ${name}`}
                >
                  {t('Remote_Add_Account')}
                </Button>
              </>
            )}
          </Form.List>
        </fieldset>
      ))}
    </section>
  );
};
