import { Card } from '@/components/ui/card';
import { DetailsStep } from './details-step';
import { DoneStep } from './done-step';
import { MethodStep } from './method-step';
import { ModeStep } from './mode-step';
import { ProcessingStep } from './processing-step';
import { RejectDialog, ReviewStep } from './review-step';
import { UploadAllowanceBanner } from '../upload-allowance-banner';
import { UploadPaywall } from './upload-paywall';
import { useUploadWizard } from './use-upload-wizard';
import { WizardProgress } from './wizard-progress';

/** Upload a book: method, mode, AI processing, chapter review, details, success. */
export function UploadWizard() {
  const { state, dispatch, upload, retryProcessing, confirmStructure, reject, paywall } = useUploadWizard();
  const { step } = state;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Upload a book</h1>
      {step === 'method' && <UploadAllowanceBanner className="mb-4" />}
      <WizardProgress step={step} />
      <Card className="p-6">
        {step === 'method' && (
          <MethodStep choice={state.choice} error={state.choiceError} dispatch={dispatch} />
        )}
        {step === 'mode' && (
          <ModeStep
            bookType={state.bookType}
            uploading={state.uploading}
            uploadProgress={state.uploadProgress}
            dispatch={dispatch}
            onUpload={() => void upload()}
          />
        )}
        {step === 'processing' && (
          <ProcessingStep
            status={state.status}
            retrying={state.retrying}
            rejecting={state.rejecting}
            onRetry={() => void retryProcessing()}
            onReject={() => void reject()}
          />
        )}
        {step === 'review' && (
          <ReviewStep
            structure={state.structure}
            chapters={state.chapters}
            saving={state.saving}
            dispatch={dispatch}
            onConfirm={() => void confirmStructure()}
          />
        )}
        {step === 'details' && state.book && (
          <div className="space-y-4">
            <h2 className="text-xl font-semibold">Book details</h2>
            <DetailsStep book={state.book} onSaved={(book) => dispatch({ type: 'detailsSaved', book })} />
          </div>
        )}
        {step === 'done' && (
          <DoneStep finished={state.finished} book={state.book} bookId={state.bookId} status={state.status} />
        )}
      </Card>
      <UploadPaywall
        open={paywall.open}
        count={paywall.count}
        paying={paywall.paying}
        onPay={paywall.pay}
        onClose={paywall.close}
      />
      <RejectDialog
        open={state.confirmingReject}
        rejecting={state.rejecting}
        dispatch={dispatch}
        onReject={() => void reject()}
      />
    </div>
  );
}
