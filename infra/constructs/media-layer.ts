import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { buildLayer } from '../../layers/ffmpeg/build';

export type MediaArchitecture = 'x86_64' | 'arm64';

/**
 * The FFmpeg layer (/opt/bin/ffmpeg, /opt/bin/ffprobe, /opt/fonts), built during synth from the
 * pinned static binaries. Media workers run on the layer's architecture.
 */
export class MediaLayer extends Construct {
  readonly layer: lambda.LayerVersion;
  readonly architecture: lambda.Architecture;
  /** Environment media workers need to find the fonts. */
  readonly environment = { FONT_DIR: '/opt/fonts', FONTCONFIG_FILE: '/opt/fonts/fonts.conf' };

  constructor(scope: Construct, id: string, props: { architecture: MediaArchitecture }) {
    super(scope, id);
    this.architecture =
      props.architecture === 'arm64' ? lambda.Architecture.ARM_64 : lambda.Architecture.X86_64;
    this.layer = new lambda.LayerVersion(this, 'Ffmpeg', {
      code: lambda.Code.fromAsset(buildLayer(props.architecture)),
      compatibleArchitectures: [this.architecture],
      compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
      description: 'FFmpeg and ffprobe (static builds) with DejaVu fonts: /opt/bin, /opt/fonts',
    });
  }
}
