/**
 * The rule a cap on fee limits (`maxFeeLimit`, of the client or of one call) follows, in words: the
 * cap is read with `positiveSun`, as a cap of 0 or below would refuse every fee limit.
 */
export const FEE_LIMIT_CAP_RULE = "must be a positive whole number of sun below 2^63 (1 TRX = 1 000 000 sun)";
