import { Card, CardContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import '../../i18n/page-texts';

/** `/info/index`: personal info and change password (docs/spec.md §2 "Personal info page"). */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="pt-4">
        <Tabs defaultValue="info">
          <TabsList variant="line">
            <TabsTrigger value="info">{t('info.tabInfo')}</TabsTrigger>
            <TabsTrigger value="password">{t('info.tabPassword')}</TabsTrigger>
          </TabsList>
          <TabsContent value="info" className="pt-4">
            <ProfileForm />
          </TabsContent>
          <TabsContent value="password" className="pt-4">
            <PasswordForm />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
