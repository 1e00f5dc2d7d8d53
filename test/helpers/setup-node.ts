import 'aws-sdk-client-mock-vitest/extend';
