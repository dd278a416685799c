import { CssBaseline, Typography } from '@mui/material';

export function App() {
  return (
    <>
      <CssBaseline />
      <Typography component="h1" variant="h4" sx={{ m: 4 }}>
        Integrations Console
      </Typography>
    </>
  );
}
