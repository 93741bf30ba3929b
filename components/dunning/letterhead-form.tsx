'use client';

import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { callApi } from '@/lib/client/api';
import { useContractForm } from '@/lib/client/use-contract-form';
import { dunningCalls } from '@/lib/contract/dunning';
import { ZLetterheadBody, type TLetterhead } from '@/lib/contract/letterhead';
import { FieldError, inputClass, primaryButton, secondaryButton } from './styles';

/** Bytes of the logo file: its data URL (a third longer) then stays within the server's bound. */
const MAX_LOGO_BYTES = 100 * 1024;

/** The letterhead of statements and reminder PDFs: postal address, GSTIN and logo (administrators). */
export function LetterheadForm({ letterhead }: { letterhead: TLetterhead }) {
  const router = useRouter();
  const [address, setAddress] = useState(letterhead.address ?? '');
  const [gstin, setGstin] = useState(letterhead.gstin ?? '');
  const [logo, setLogo] = useState(letterhead.logo);
  const [logoError, setLogoError] = useState<string | null>(null);
  const form = useContractForm(ZLetterheadBody);
  const { fields, error, busy } = form;
  const [saved, setSaved] = useState(false);

  function onLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setLogoError(null);
    form.clear('logo');
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setLogoError('the logo must be a PNG or JPEG image');
      return;
    }
    if (file.size > MAX_LOGO_BYTES) {
      setLogoError(`the logo must be under 100 KB (this one is ${Math.ceil(file.size / 1024)} KB): make it smaller`);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setLogo(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setSaved(false);
    if (logoError) {
      event.preventDefault();
      return;
    }
    void form.submit(event, { address, gstin, logo: logo ?? '' }, async (body) => {
      const answer = await callApi(dunningCalls.saveLetterhead, { body });
      setAddress(answer.address ?? '');
      setGstin(answer.gstin ?? '');
      setLogo(answer.logo);
      setSaved(true);
      router.refresh();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Letterhead">
      {error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <label htmlFor="letterhead-address" className="block text-sm font-medium text-slate-700">
            Postal address (up to 5 lines)
          </label>
          <textarea
            id="letterhead-address"
            rows={3}
            value={address}
            placeholder={'Plot 14, Shiroli MIDC\nKolhapur 416122, Maharashtra'}
            onChange={(e) => setAddress(e.target.value)}
            aria-invalid={Boolean(fields.address)}
            className={inputClass}
          />
          <FieldError message={fields.address} />
        </div>
        <div>
          <label htmlFor="letterhead-gstin" className="block text-sm font-medium text-slate-700">
            GSTIN
          </label>
          <input
            id="letterhead-gstin"
            value={gstin}
            placeholder="27AABCV4821K1ZR"
            maxLength={20}
            onChange={(e) => setGstin(e.target.value)}
            aria-invalid={Boolean(fields.gstin)}
            className={`${inputClass} font-mono uppercase`}
          />
          <FieldError message={fields.gstin} />
        </div>
      </div>
      <div>
        <span className="block text-sm font-medium text-slate-700">Logo (PNG or JPEG, under 100 KB)</span>
        <div className="mt-1 flex items-center gap-4">
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data URL of the client's own logo, not an optimisable asset
            <img
              src={logo}
              alt="Your logo"
              className="h-12 max-w-40 rounded border border-slate-200 object-contain p-1"
            />
          ) : (
            <span className="text-sm text-slate-500">No logo: the letterhead shows your name only.</span>
          )}
          <label className={`${secondaryButton} cursor-pointer`}>
            {logo ? 'Change logo' : 'Choose logo'}
            <input
              type="file"
              accept="image/png,image/jpeg"
              onChange={onLogo}
              aria-label="Logo file"
              aria-invalid={Boolean(logoError ?? fields.logo)}
              className="sr-only"
            />
          </label>
          {logo && (
            <button type="button" className={secondaryButton} onClick={() => setLogo(null)}>
              Remove logo
            </button>
          )}
        </div>
        <FieldError message={logoError ?? fields.logo} />
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving…' : 'Save letterhead'}
        </button>
        {saved && (
          <span role="status" className="text-sm text-emerald-700">
            Letterhead saved.
          </span>
        )}
      </div>
    </form>
  );
}
